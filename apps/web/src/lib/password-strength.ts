/** 0 (too short) to 4 (strong): length counts most, character variety adds a little. */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  if (password.length < 8) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  let score = 1;
  if (password.length >= 12) score++;
  if (password.length >= 16) score++;
  if (classes >= 3) score++;
  if (/^(.)\1+$/.test(password)) score = 1;
  return Math.min(score, 4) as 0 | 1 | 2 | 3 | 4;
}

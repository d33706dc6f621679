import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** One mail as the server wrote it to DATA_DIR/outbox (an RFC 822 .eml file). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  // Space between two encoded words is folding, not text (RFC 2047 §6.2): a long Japanese subject.
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

const unfold = (head: string) => head.replace(/\r?\n[ \t]+/g, ' ');

/**
 * The text of one MIME entity (a message or a part): a multipart's parts split on its own boundary,
 * as a mail client does, each read the same way (a receipt's alternative inside a related part);
 * a leaf decoded from its transfer encoding. A quoted-printable line may start with "--" too (a
 * token with "--" in it, wrapped there): it is body text, not a boundary.
 */
function textsOf(entity: string): string[] {
  const [head = '', ...rest] = entity.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const boundary = /content-type:\s*multipart\/[^\r\n]*?boundary="?([^";\r\n]+)"?/i.exec(unfold(head))?.[1];
  if (boundary) {
    const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const parts = body.split(new RegExp(`(?:^|\\r?\\n)--${escaped}(?:--)?[ \\t]*(?=\\r?\\n|$)`));
    // What comes before the first boundary and after the last is not a part.
    return parts.slice(1, -1).flatMap((part) => textsOf(part.replace(/^\r?\n/, '')));
  }
  if (/content-transfer-encoding:\s*base64/i.test(head)) {
    return [Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')];
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return [decodeQuotedPrintable(body)];
  return [body];
}

/** Decodes every text part of a message, whatever its transfer encoding, into one string. */
function parse(raw: string): Mail {
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) => {
    const m = unfold(head).match(new RegExp(`^${name}:\\s*(.*)$`, 'im'));
    return m ? decodeHeader(m[1]!.trim()) : '';
  };
  return { to: header('To'), subject: header('Subject'), text: textsOf(raw).join('\n') };
}

/**
 * Waits for the newest mail to `to` written after `since` (ms epoch) that `accept` takes, and
 * returns it. File times are coarse, so a mail from up to a second before `since` still counts;
 * `accept` tells a reset-code mail from the confirmation sent a moment earlier.
 */
export async function waitForMail(
  to: string,
  since: number,
  timeoutMs = 10_000,
  accept: (mail: Mail) => boolean = () => true,
): Promise<Mail> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      /* the outbox appears with the first mail */
    }
    const fresh = files
      .map((f) => ({ f, t: statSync(path.join(dir, f)).mtimeMs }))
      .filter((x) => x.t >= since - 1000)
      .sort((a, b) => b.t - a.t);
    for (const { f } of fresh) {
      const mail = parse(readFileSync(path.join(dir, f), 'utf8'));
      if (mail.to.toLowerCase().includes(to.toLowerCase()) && accept(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
}

export function confirmLink(mail: Mail): string {
  const m = mail.text.match(/https?:\/\/[^\s"'<>]+\/confirm\/[A-Za-z0-9_-]+/);
  if (!m) throw new Error(`No confirmation link in mail: ${mail.text}`);
  return m[0];
}

/** The password-reset mail (its subject names the code). */
export const hasResetCode = (mail: Mail): boolean => /password reset code/i.test(mail.subject);

export function resetCode(mail: Mail): string {
  const m = mail.text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`No 6-digit code in mail: ${mail.text}`);
  return m[1]!;
}

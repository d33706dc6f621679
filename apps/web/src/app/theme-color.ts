/**
 * Keeps <meta name="theme-color"> in step with the system colour scheme (original.md §2):
 * #000000 when dark, #fff otherwise. Mantine follows the same media query ('auto').
 */
export function syncThemeColor(): void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.appendChild(meta);
    }
    meta.content = media.matches ? '#000000' : '#fff';
  };
  apply();
  media.addEventListener('change', apply);
}

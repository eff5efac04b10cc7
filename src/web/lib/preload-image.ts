/**
 * Starts a picture's download at high priority before the element that shows it exists: the
 * first page's largest picture (Lighthouse's LCP), once its data has said which it is, rather
 * than once the page's code has arrived and drawn it. The <img> then finds it downloaded (the
 * same URL, no srcset). Once per URL.
 */
export function preloadImage(url: string): void {
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.append(link);
}

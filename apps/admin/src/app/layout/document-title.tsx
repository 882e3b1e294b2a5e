import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/**
 * Keeps the browser tab's title in step with the page title in the top bar ("Kluby · Umpire"),
 * so tabs and screen readers tell pages apart (WCAG 2.4.2). react-admin renders page titles
 * into #react-admin-title, which this watches.
 */
export function DocumentTitle() {
  const translate = useTranslate();
  const appName = translate('app.name');
  useEffect(() => {
    const update = () => {
      const page = document.getElementById('react-admin-title')?.textContent?.trim();
      document.title = page ? `${page} · ${appName}` : appName;
    };
    const observer = new MutationObserver(update);
    // The title container lives in the top bar for the whole session.
    observer.observe(document.getElementById('react-admin-title') ?? document.body, { subtree: true, childList: true, characterData: true });
    update();
    return () => observer.disconnect();
  }, [appName]);
  return null;
}

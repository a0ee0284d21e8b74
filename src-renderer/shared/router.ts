import { useSyncExternalStore } from 'react';

/**
 * A small hash router: the same bundle runs on app://workstation/index.html (Electron) and on
 * http://host:port/ (web mode), so routes live in the fragment and never hit the server.
 *
 *   #/                      deals pipeline
 *   #/deals/:id[/:tab]      deal page, tab = terms | funds | collaterals | components | rentrolls | parties | sizing | history
 *   #/report                cross-deal report
 *   #/import                collateral import
 *   #/settings              settings
 *   #/sync                  sync with the central platform (connection, progress, outbox, conflicts)
 *   #/new                   new deal (residential, commercial or hotel)
 *   #/compare?ids=a,b       side-by-side comparison of 2 to 4 deals
 *   #/stress                portfolio stress (scenarios on the book, breaches, export)
 */
export type Route =
  | { name: 'pipeline' }
  | { name: 'deal'; id: string; tab: DealTab }
  | { name: 'report' }
  | { name: 'import' }
  | { name: 'settings' }
  | { name: 'sync' }
  | { name: 'new' }
  | { name: 'compare'; ids: string[] }
  | { name: 'stress' };

export const DEAL_TABS = ['terms', 'funds', 'collaterals', 'components', 'rentrolls', 'parties', 'sizing', 'history'] as const;
export type DealTab = (typeof DEAL_TABS)[number];

export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').replace(/^\/+/, '').split('?');
  const parts = path.split('/').filter(Boolean).map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  switch (parts[0]) {
    case 'deals': {
      if (!parts[1]) return { name: 'pipeline' };
      const tab = (DEAL_TABS as readonly string[]).includes(parts[2] ?? '') ? (parts[2] as DealTab) : 'terms';
      return { name: 'deal', id: parts[1], tab };
    }
    case 'report':
      return { name: 'report' };
    case 'import':
      return { name: 'import' };
    case 'settings':
      return { name: 'settings' };
    case 'sync':
      return { name: 'sync' };
    case 'new':
      return { name: 'new' };
    case 'compare':
      return { name: 'compare', ids: (new URLSearchParams(query).get('ids') ?? '').split(',').filter(Boolean) };
    case 'stress':
      return { name: 'stress' };
    default:
      return { name: 'pipeline' };
  }
}

export function routePath(route: Route): string {
  switch (route.name) {
    case 'pipeline':
      return '#/';
    case 'deal':
      return `#/deals/${encodeURIComponent(route.id)}${route.tab === 'terms' ? '' : `/${route.tab}`}`;
    case 'compare':
      return `#/compare?ids=${route.ids.map(encodeURIComponent).join(',')}`;
    default:
      return `#/${route.name}`;
  }
}

export function navigate(route: Route): void {
  const next = routePath(route);
  if (window.location.hash !== next) window.location.hash = next;
}

function subscribe(callback: () => void): () => void {
  window.addEventListener('hashchange', callback);
  return () => window.removeEventListener('hashchange', callback);
}

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}

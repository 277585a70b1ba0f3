import { useEffect, useLayoutEffect } from 'react';

const APP_NAME = 'Back-office';

/** The tab's title, "Leads · Back-office": staff with ten tabs open tell them apart. */
export function pageTitle(what: string | undefined): string {
  return what ? `${what} · ${APP_NAME}` : APP_NAME;
}

/** A screen's title; set before the screen's own effects, so a detail's record title (usePageTitle) wins. */
export function useScreenTitle(what: string | undefined): void {
  useLayoutEffect(() => {
    document.title = pageTitle(what);
  }, [what]);
}

/** A record's title within its screen ("Lead #452"). */
export function usePageTitle(what: string | undefined): void {
  useEffect(() => {
    if (what) document.title = pageTitle(what);
  }, [what]);
}

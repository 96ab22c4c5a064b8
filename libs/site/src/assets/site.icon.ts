/** The tab icon: two overlapping hearts' worth of circles, so a browser does not ask for /favicon.ico. */
export const SITE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#a3295e"/><circle cx="12.5" cy="16" r="6.5" fill="none" stroke="#fff" stroke-width="2.5"/><circle cx="19.5" cy="16" r="6.5" fill="none" stroke="#fff" stroke-width="2.5"/></svg>';

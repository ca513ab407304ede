// Search bots, page testers (Lighthouse, PageSpeed, GTmetrix, Pingdom, WebPageTest) and link previewers.
// "HeadlessChrome" alone is not listed: people's automated browsers (and our tests) use it.
const CRAWLER_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|facebookcatalog|whatsapp|telegram|slack|discord|twitter|linkedin|embedly|quora link preview|pinterest|vkshare|skypeuripreview|nuzzel|redditbot|bitlybot|google-inspectiontool|lighthouse|pagespeed|gtmetrix|pingdom|ptst\/|w3c_validator|validator\.nu/i;

/** Spec §8: for crawler-like agents the error page is not shown, only logged. */
export function isCrawler(userAgent: string): boolean {
  return CRAWLER_PATTERN.test(userAgent);
}

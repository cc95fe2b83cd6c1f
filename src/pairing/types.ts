/** What pairing needs to know about a capture. */
export interface CaptureRef {
  id: number;
  url: string;
  time: string;
  status: number | null;
  mime: string | null;
  recordType: string;
  location: string | null;
}

/** Finds the captures of a URL (by its scheme-less canonical key) in the crawl being paired. */
export interface CaptureLookup {
  findByUrlKey(urlKey: string): CaptureRef[];
}

/** The outcome of pairing one feed item with a page capture. */
export interface Pairing {
  capture: CaptureRef | null;
  /** Which item field led to the capture, and redirect hops (`link`, `orig-link -> 301 -> 200`). */
  via: string | null;
  /** Why it was paired, or why it could not be. */
  reason: string;
}

/** warc stage: archives in, capture index + decoded captures out (DESIGN "Pipeline"). */
export { type ArchiveFormat, type ArchiveInput, listArchiveInputs } from './archive-inputs.js';
export { type CharsetSource, type DecodedText, decodeText } from './charset-decode.js';
export { DEFAULT_WARC_CONFIG, type DigestPolicy, type WarcConfig } from './config.js';
export { type ReadCaptureOptions, readCapture } from './record-reader.js';
export { type ScanOptions, scanArchive } from './warc-scanner.js';
export { readWarcinfo } from './warcinfo-reader.js';
export type { Capture, CaptureRecordType, IndexEntry, RecordLocation, ScannedRecord, ScanStats, WarcRecordType } from './types.js';

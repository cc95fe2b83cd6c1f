/**
 * The page of the replay origin: registers wabac.js's service worker, adds the collection of the
 * crawl (a CDXJ of its captures, WARC records fetched by range), shows the archived page in a
 * frame and outlines the extracted node (CSS selector of its key-path). It runs in the replay
 * origin only, never in the viewer's.
 */
export const REPLAY_HTML = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>replay</title>
<style>html,body{margin:0;height:100%}#status{font:13px system-ui,sans-serif;padding:4px 8px;background:#fffbe6;color:#333}
#status:empty{display:none}iframe{border:0;width:100%;height:calc(100% - 4px)}</style></head>
<body><div id="status">loading the archive…</div><iframe id="frame" title="archived original"></iframe>
<script src="/replay.js"></script></body></html>
`;

export const REPLAY_JS = `"use strict";
(async () => {
  const p = new URLSearchParams(location.search);
  const status = document.getElementById('status');
  const frame = document.getElementById('frame');
  const say = (s) => { status.textContent = s; document.body.dataset.state = s === '' ? 'replayed' : s; };
  try {
    if (!('serviceWorker' in navigator)) throw new Error('this browser has no service workers');
    const reg = await navigator.serviceWorker.register('/sw.js?replayPrefix=w', { scope: '/' });
    await navigator.serviceWorker.ready;
    const sw = reg.active;
    const coll = p.get('coll');
    await new Promise((resolve, reject) => {
      const onMsg = (ev) => {
        if (ev.data && ev.data.name === coll) {
          if (ev.data.msg_type === 'collAdded') { navigator.serviceWorker.removeEventListener('message', onMsg); resolve(); }
          else if (ev.data.msg_type === 'collProgress' && ev.data.error) reject(new Error(ev.data.error));
        }
      };
      navigator.serviceWorker.addEventListener('message', onMsg);
      sw.postMessage({ msg_type: 'addColl', name: coll, skipExisting: true,
        remotePrefix: p.get('prefix') || undefined, file: { sourceUrl: p.get('src') } });
    });
    frame.addEventListener('load', () => {
      say('');
      const sel = p.get('sel');
      if (!sel) return;
      try {
        const el = frame.contentDocument && frame.contentDocument.querySelector(sel);
        if (!el) { say('extracted node not found in the replayed page: ' + sel); return; }
        el.style.setProperty('outline', '4px solid #d0208a', 'important');
        el.style.setProperty('outline-offset', '2px', 'important');
        el.setAttribute('data-wo-extracted', '');
        el.scrollIntoView({ block: 'start' });
        document.body.dataset.highlighted = '1';
      } catch (e) { say('cannot highlight: ' + e.message); }
    }, { once: true });
    frame.src = '/w/' + encodeURIComponent(coll) + '/' + p.get('ts') + 'mp_/' + p.get('url');
  } catch (e) {
    say('replay failed: ' + e.message);
  }
})();
`;

/** The viewer's stylesheet (served as /viewer.css; the viewer's CSP allows no inline style or script). */
export const VIEWER_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
header.top{background:#243b53;color:#fff;padding:.6em 1em}header.top a{color:#fff;text-decoration:none;font-weight:600}
main{padding:1em;max-width:110em;margin:0 auto}form.search{display:flex;flex-wrap:wrap;gap:.5em;align-items:end;margin-bottom:1em}
form.search label{display:flex;flex-direction:column;font-size:12px;color:#555}input,select,button{font:inherit;padding:.2em .4em}
table{border-collapse:collapse;width:100%;background:#fff}td,th{border-bottom:1px solid #e4e7eb;padding:.35em .5em;text-align:left;vertical-align:top}
.kind{display:inline-block;font-size:11px;border-radius:3px;padding:0 .4em;margin:0 .2em .2em 0;background:#e4e7eb}
.kind-content-edit,.kind-title-edit{background:#ffd8a8}.kind-comments-added{background:#c3fae8}.kind-comments-removed{background:#ffc9c9}
.kind-new{background:#d0ebff}.layout{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1em}
.panel{background:#fff;border:1px solid #d9e2ec;border-radius:4px;padding:.8em;overflow:auto}
.timeline{display:flex;gap:.4em;flex-wrap:wrap;align-items:center;margin:.5em 0 1em}
.timeline a,.timeline span.current{display:inline-block;border:1px solid #9fb3c8;border-radius:12px;padding:.1em .7em;font-size:13px;text-decoration:none}
.timeline span.current{background:#243b53;color:#fff}.why dt{font-weight:600}.why dd{margin:0 0 .4em 0;word-break:break-all;font-family:monospace;font-size:12px}
iframe.replay{width:100%;height:80vh;border:1px solid #9fb3c8;background:#fff}
.diff{white-space:normal;font:15px/1.6 Georgia,serif}ins{background:#b2f2bb;text-decoration:none}del{background:#ffc9c9}
.comment-diff li{margin:.3em 0}.feeds li{margin:.2em 0}.pager{margin:1em 0;display:flex;gap:1em}
.wo-article img{max-width:100%}small.muted{color:#777}`;

/** The stylesheet both pages share, served as `/pages/pages.css` (the policy forbids inline styles). */
export const PAGE_STYLE = `:root { font-family: system-ui, sans-serif; color: #1a1a1a; background: #fff; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem; line-height: 1.4; }
h1 { margin-top: 0; }
form { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; margin-bottom: 1rem; }
label { display: block; font-weight: 600; }
input { font: inherit; padding: 0.3rem 0.5rem; border: 1px solid #555; border-radius: 0.25rem; }
button { font: inherit; padding: 0.35rem 0.9rem; border: 0; border-radius: 0.25rem; background: #1d4ed8; color: #fff; cursor: pointer; }
button:disabled { background: #555; cursor: wait; }
:focus-visible { outline: 3px solid #b45309; outline-offset: 2px; }
[hidden] { display: none !important; }
.columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem; }
.columns ul.queue { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.75rem; }
.order article { border: 1px solid #555; border-radius: 0.4rem; padding: 0.75rem; }
.order h3 { margin: 0 0 0.25rem; }
.order p { margin: 0 0 0.5rem; }
.items { margin: 0 0 0.75rem; padding-left: 1.2rem; }
.status { font-size: 1.25rem; font-weight: 600; }
.note { color: #333; }
#order-id { width: 26ch; font-family: ui-monospace, monospace; }
`;

// The HTML report's one script, inline and allowed by its hash in the page's Content-Security-
// Policy (nothing else may run, nothing may be fetched). A report of 10,000 scenarios holds tens
// of megabytes of details; as markup they made a DOM of millions of elements that took Chromium
// minutes to lay out. So each scenario's details, and each graph drawing, sit in a `<noscript>`:
// with scripting on, the parser keeps that as plain text (cheap), and this script turns it into
// markup when the reader opens the scenario (clicks its line, follows a link to it, or opens the
// page at its anchor); a click on an open line closes it. With scripting off, the browser parses
// the `<noscript>` content itself (each scenario's details in a closed `<details>`), so the
// report still shows everything, only slower to open.

/** The script's source, as it goes between `<script>` and `</script>`. */
export const REPORT_SCRIPT = [
  '(() => {',
  '  const unpack = (box) => { box.insertAdjacentHTML("afterend", box.textContent); box.remove() }',
  '  const show = (scenario) => {',
  '    for (const box of scenario.querySelectorAll(":scope > noscript")) unpack(box)',
  '    for (const svg of scenario.querySelectorAll("svg[data-graph]")) {',
  "      const box = document.querySelector('noscript[data-drawing=\"' + svg.dataset.graph + '\"]')",
  '      if (box) unpack(box)',
  '    }',
  '    scenario.classList.add("open")',
  '    const more = scenario.querySelector(":scope > details.more")',
  '    if (more) { more.open = true; more.classList.add("live") }',
  '  }',
  '  const reveal = (hash) => {',
  '    let target = null',
  '    try { target = document.getElementById(decodeURIComponent(hash.slice(1))) } catch {}',
  '    for (let el = target; el; el = el.parentElement) {',
  '      if (el.localName === "details") el.open = true',
  '      else if (el.classList.contains("scenario")) show(el)',
  '    }',
  '  }',
  '  document.addEventListener("click", (e) => {',
  '    const link = e.target.closest?.("a[href^=\'#\']")',
  '    if (!link) return',
  '    const line = link.classList.contains("row") ? link.parentElement : null',
  '    if (!line) return reveal(link.hash)',
  '    // A line opens and closes in place; the address names the scenario last opened.',
  '    e.preventDefault()',
  '    if (line.classList.contains("open")) return line.classList.remove("open")',
  '    show(line)',
  '    history.replaceState(null, "", link.hash)',
  '  })',
  '  addEventListener("hashchange", () => reveal(location.hash))',
  '  for (const scenario of document.querySelectorAll(".scenario.open")) show(scenario)',
  '  reveal(location.hash)',
  '})()',
].join('\n')

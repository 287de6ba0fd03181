// compare.html's one script, inline and allowed by its hash in the page's Content-Security-Policy
// (nothing else may run, nothing may be fetched). As in the HTML report (reporter/html-script.ts),
// each test's details sit in a `<noscript>`: with scripting on the parser keeps them as inert text,
// so a comparison of 10,000 tests stays a light DOM, and this script turns a test's details into
// markup when the reader opens it (clicks its line, follows a link into it, or opens the page at
// an anchor in it: `#t12` or `#t12-s0-first`, the first differing turn of its sample 0). The
// bucket filters hide a bucket's lines by a class on `main`. With scripting off, the browser
// parses each `<noscript>` itself, so every test's details are there in closed `<details>`.
import { createHash } from 'node:crypto'

/** The script's source, as it goes between `<script>` and `</script>`. */
export const COMPARE_SCRIPT = [
  '(() => {',
  '  const main = document.querySelector("main")',
  '  const show = (test) => {',
  '    for (const box of test.querySelectorAll(":scope > noscript")) {',
  '      box.insertAdjacentHTML("afterend", box.textContent)',
  '      box.remove()',
  '    }',
  '    test.classList.add("open")',
  '    const more = test.querySelector(":scope > details.more")',
  '    if (more) { more.open = true; more.classList.add("live") }',
  '  }',
  '  const reveal = (hash) => {',
  '    let id = ""',
  '    try { id = decodeURIComponent(hash.slice(1)) } catch { return }',
  '    if (id === "") return',
  '    // An anchor inside a test exists once the test is open: open the test (t12 of t12-s0-first).',
  '    const test = document.getElementById(id.split("-")[0])',
  '    if (test && test.classList.contains("test")) show(test)',
  '    const target = document.getElementById(id)',
  '    for (let el = target; el; el = el.parentElement) if (el.localName === "details") el.open = true',
  '    if (target) target.scrollIntoView({ block: "center" })',
  '  }',
  '  document.addEventListener("click", (e) => {',
  '    const link = e.target.closest?.("a[href^=\'#\']")',
  '    if (!link) return',
  '    const line = link.classList.contains("row") ? link.parentElement : null',
  '    if (!line) { e.preventDefault(); history.replaceState(null, "", link.hash); return reveal(link.hash) }',
  '    // A line opens and closes in place; the address names the test last opened.',
  '    e.preventDefault()',
  '    if (line.classList.contains("open")) return line.classList.remove("open")',
  '    show(line)',
  '    history.replaceState(null, "", link.hash)',
  '  })',
  '  document.addEventListener("change", (e) => {',
  '    const box = e.target',
  '    if (!box.dataset || !box.dataset.bucket) return',
  '    main.classList.toggle("hide-" + box.dataset.bucket, !box.checked)',
  '  })',
  '  for (const box of document.querySelectorAll("input[data-bucket]")) {',
  '    main.classList.toggle("hide-" + box.dataset.bucket, !box.checked)',
  '  }',
  '  addEventListener("hashchange", () => reveal(location.hash))',
  '  reveal(location.hash)',
  '})()',
].join('\n')

/** The CSP source that allows `COMPARE_SCRIPT` and no other script: `'sha256-…'`. */
export const COMPARE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COMPARE_SCRIPT, 'utf8').digest('base64')}'`

import type { FileErrorCode } from "../types"

/**
 * Hostile XML documents for the XML formats' tests, wrapped in the format's root and element,
 * each with the error code it must be refused with.
 */
export function hostileXml(root: string, element: string): [string, string, FileErrorCode][] {
  const laughs = Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
  ).join("")
  const open = `<${element} name="a" id="a">`
  const close = `</${element}>`
  return [
    [
      "an external entity (XXE) reading a local file",
      `<?xml version="1.0"?>
<!DOCTYPE ${root} [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<${root}>${open}&xxe;${close}</${root}>`,
      "malformed",
    ],
    [
      "an external DTD's entity",
      `<?xml version="1.0"?>
<!DOCTYPE ${root} SYSTEM "http://127.0.0.1:9/evil.dtd">
<${root}>${open}&evil;${close}</${root}>`,
      "malformed",
    ],
    [
      "a billion laughs",
      `<?xml version="1.0"?>
<!DOCTYPE ${root} [<!ENTITY lol0 "lol">${laughs}]>
<${root}>${open}&lol9;${close}</${root}>`,
      "malformed",
    ],
    [
      "10,000-deep nesting",
      `<${root}>${open}${"<b>".repeat(10_000)}x${"</b>".repeat(10_000)}${close}</${root}>`,
      "too_deep",
    ],
  ]
}

// Marks what polyfillLayoutApis added, so the setup can take it away after the file: a worker runs
// several files in one window, and one that did not ask for these should get plain jsdom. A global
// symbol, since a file that resets modules gets its own copy of this module.
const polyfilled = Symbol.for("nativ.test.layout-polyfill")

const layoutApis = () => {
  const proto = Element.prototype as unknown as Record<string, unknown>
  const global = globalThis as unknown as Record<string, unknown>
  return [
    [
      global,
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    ],
    [proto, "hasPointerCapture", () => false],
    [proto, "setPointerCapture", () => {}],
    [proto, "releasePointerCapture", () => {}],
    [proto, "scrollIntoView", () => {}],
  ] as const
}

/** Radix menus and radios measure, observe sizes and capture pointers; jsdom does none of it. */
export function polyfillLayoutApis() {
  for (const [target, name, value] of layoutApis())
    target[name] ??= Object.assign(value, { [polyfilled]: true })
}

export function removeLayoutPolyfills() {
  for (const [target, name] of layoutApis())
    if ((target[name] as { [polyfilled]?: boolean } | undefined)?.[polyfilled])
      Reflect.deleteProperty(target, name)
}

import { FakePhotoshop, type FakePhotoshopOptions } from "./fake-photoshop"

/*
 * The fake Photoshop in a browser page, for the end-to-end test: set `window.photoshopScenario`
 * (the server and the open document) first, then this script; it installs the `require` UXP gives
 * a panel, so the built panel (dist/index.html) runs unchanged against the fake host.
 */
type TestWindow = {
  photoshopScenario?: FakePhotoshopOptions
  fakePhotoshop?: FakePhotoshop
  require?: (name: string) => unknown
}

const page = globalThis as unknown as TestWindow
const fake = new FakePhotoshop(page.photoshopScenario ?? {})
page.fakePhotoshop = fake
page.require = (name: string) => {
  if (name === "photoshop") return fake.photoshop
  if (name === "uxp") return fake.uxp
  throw new Error(`Cannot find module '${name}'`)
}

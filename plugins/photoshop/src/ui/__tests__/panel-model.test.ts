import { ConnectionRevokedError, InsufficientCreditsError, PluginError } from "@nativ/plugin-core"
import { describe, expect, it } from "vitest"

import { FakePhotoshop } from "../../testing/fake-photoshop"
import { describeError, PanelModel } from "../panel-model"

describe("the panel's errors", () => {
  it("offers Buy Credits with the cost and balance for a 402", () => {
    const error = new InsufficientCreditsError("Not enough credits", 12, 3)
    expect(describeError(error)).toEqual({
      message: "Not enough credits",
      action: "buy-credits",
      cost: 12,
      balance: 3,
    })
  })

  it("asks to connect again when the connection was revoked, and shows anything else as said", () => {
    expect(describeError(new ConnectionRevokedError()).action).toBe("connect-again")
    expect(describeError(new PluginError("network", "Could not reach Nativ"))).toEqual({
      message: "Could not reach Nativ",
      action: null,
    })
  })
})

describe("the panel starting", () => {
  it("shows Connect when no connection is stored for this build's server", async () => {
    const ps = new FakePhotoshop({ serverUrl: "http://127.0.0.1:9" })
    const model = new PanelModel(ps.host)
    await model.start()
    expect(model.getSnapshot()).toMatchObject({
      screen: "signed-out",
      serverUrl: "http://127.0.0.1:9",
      error: null,
    })
  })

  it("says what is wrong when the build names no server", async () => {
    const model = new PanelModel(new FakePhotoshop().host)
    await model.start()
    expect(model.getSnapshot().screen).toBe("broken")
    expect(model.getSnapshot().error?.message).toMatch(
      /manifest.json is not in the plugin's folder/,
    )
  })
})

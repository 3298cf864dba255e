import { createRoot } from "react-dom/client"

import "./styles.css"

import { App } from "./app"
import { connectToMain, figmaChannel } from "./bridge"
import { packagedServer } from "./server-address"

const bridge = connectToMain(figmaChannel)
createRoot(document.getElementById("root")!).render(
  <App main={bridge.main} onSelection={bridge.onSelection} packagedServer={packagedServer()} />,
)

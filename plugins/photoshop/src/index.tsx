import { createRoot } from "react-dom/client"

import { loadHost } from "./main/host"
import { App } from "./ui/app"
import { PanelModel } from "./ui/panel-model"
import { followHostTheme } from "./ui/theme"

followHostTheme()
const root = document.getElementById("root")
if (root) createRoot(root).render(<App model={new PanelModel(loadHost())} />)

import { startPlugin } from "./start"

// Figma runs this file in its sandbox, with `figma` and the UI's HTML (`__html__`) as globals.
startPlugin(figma, __html__)

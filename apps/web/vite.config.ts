/// <reference types="vitest/config" />
import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"

import { inlineCss } from "./build/inline-css.ts"
import { precompress } from "./build/precompress.ts"
import { preloadForSession } from "./build/preload-for-session.ts"
import { noChunkCycles, startupChunks } from "./build/startup-chunks.ts"

// `npm run dev` serves the dashboard with hot reload and forwards every server path to the Nativ
// server (default :8080, or NATIV_SERVER_URL), so /config.json and the APIs keep one origin.
const server = process.env.NATIV_SERVER_URL ?? "http://localhost:8080"
const proxied = [
  "/config.json",
  "/auth/v1",
  "/rest/v1",
  "/functions/v1",
  "/api/v1",
  "/_mail",
  "/_checkout",
]

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The signed-in Dashboard's code, fetched while index.html is parsed (see the plugin).
    preloadForSession({
      path: "/",
      modules: [
        "src/lib/supabase-client.ts",
        "src/app/routes/app/layout.tsx",
        "src/app/routes/app/dashboard.tsx",
      ],
      sessionKey: /^sb-.+-auth-token$/,
    }),
    inlineCss(),
    noChunkCycles(),
    precompress(),
  ],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    target: "es2022",
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: "supabase", test: /node_modules[\\/]@supabase/, priority: 2 },
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            // Every icon in one file: split by page they were a file each, a round trip apiece.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
            // The signed-in Dashboard's code in two files instead of thirty (see the helper).
            {
              name: startupChunks({
                root: fileURLToPath(new URL(".", import.meta.url)),
                entry: "src/app/main.tsx",
                shell: ["src/app/routes/app/layout.tsx", "src/app/routes/app/dashboard.tsx"],
                signedInRoutes: /[\\/]src[\\/]app[\\/]routes[\\/]app[\\/]/,
              }),
              priority: 1,
              // Its groups are closed under imports already; pulling the entry's modules in
              // would make the entry import the shell.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: server, changeOrigin: true }]),
    ),
  },
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    // A worker runs its files in one window with one module cache: a fresh jsdom and app import
    // per file were most of this project's CPU (285-335 s with isolation, 70-85 s without, on two
    // workers). src/testing/setup.ts resets the window after each file.
    isolate: false,
    setupFiles: ["src/testing/setup.ts"],
    css: false,
    // Several waits of up to 5 s each (see src/testing/setup.ts) on a loaded CI machine.
    testTimeout: 30_000,
  },
})

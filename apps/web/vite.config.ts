/// <reference types="vitest/config" />
import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"

import { precompress } from "./build/precompress.ts"
import { preloadForSession } from "./build/preload-for-session.ts"

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
            { name: "supabase", test: /node_modules[\\/]@supabase/ },
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
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
    setupFiles: ["src/testing/setup.ts"],
    css: false,
  },
})

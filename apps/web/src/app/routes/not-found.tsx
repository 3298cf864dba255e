import { Link } from "react-router"

import { Button } from "@/components/ui/button"
import { paths } from "@/config/paths"

/** Any unknown path. */
export function Component() {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 bg-muted/40 p-6 text-center">
      <h1 className="text-6xl font-bold tracking-tight">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Button asChild variant="link" className="text-base">
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </main>
  )
}

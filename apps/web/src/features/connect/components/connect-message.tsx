import { CircleCheckIcon, CircleXIcon, ClockAlertIcon } from "lucide-react"
import type * as React from "react"

import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card"

const ICONS = {
  done: <CircleCheckIcon className="size-10 text-green-600 dark:text-green-400" aria-hidden />,
  denied: <CircleXIcon className="size-10 text-muted-foreground" aria-hidden />,
  expired: <ClockAlertIcon className="size-10 text-muted-foreground" aria-hidden />,
}

/** A card that ends the visit: the app is connected, access was denied, or the request is gone. */
export function ConnectMessage({
  kind,
  title,
  children,
}: {
  kind: keyof typeof ICONS
  title: string
  children: React.ReactNode
}) {
  return (
    <Card role={kind === "expired" ? "alert" : "status"}>
      <CardHeader className="justify-items-center gap-3 text-center">
        {ICONS[kind]}
        <h1 className="text-xl leading-snug font-semibold break-words">{title}</h1>
      </CardHeader>
      <CardContent>
        <CardDescription className="text-center break-words">{children}</CardDescription>
      </CardContent>
    </Card>
  )
}

import { Toaster as Sonner, type ToasterProps } from "sonner"

import { useTheme } from "@/components/theme/theme-provider"

/**
 * The app's one toast outlet. `toast.error` renders the spec's destructive toasts (white on a dark
 * red, AA contrast in both themes); other toasts use the popover colours.
 */
export function Toaster(props: ToasterProps) {
  const { resolvedTheme } = useTheme()
  return (
    <Sonner
      theme={resolvedTheme}
      position="bottom-right"
      closeButton
      duration={6000}
      toastOptions={{
        classNames: {
          toast: "!bg-popover !text-popover-foreground !border-border !shadow-lg",
          error: "!bg-red-700 !text-white !border-red-800 [&_[data-icon]]:!text-white",
          success: "[&_[data-icon]]:!text-green-600",
          description: "!text-inherit",
          closeButton: "!bg-popover !text-popover-foreground !border-border",
        },
      }}
      {...props}
    />
  )
}

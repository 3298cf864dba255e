import { toast } from "sonner"

import { showError, UserFacingError } from "@/lib/errors"

type Messages = { copied: string; failed: string }

const defaults: Messages = { copied: "Copied to clipboard", failed: "Failed to copy to clipboard" }

/** Copies `text` and says so in a toast; a refused clipboard shows an error toast instead. */
export async function copyText(text: string, messages: Messages = defaults) {
  try {
    await navigator.clipboard.writeText(text)
    toast.success(messages.copied)
  } catch (error) {
    console.error(error)
    showError("Error", new UserFacingError("Error", messages.failed))
  }
}

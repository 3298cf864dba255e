import { toast } from "sonner"

import { showError, UserFacingError } from "@/lib/errors"

export async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast.success("Copied to clipboard")
  } catch (error) {
    console.error(error)
    showError("Error", new UserFacingError("Error", "Failed to copy to clipboard"))
  }
}

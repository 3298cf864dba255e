import { waitFor, within } from "@testing-library/react"

/**
 * Waits for a toast with this title (and description). Toasts live in sonner's global store, so
 * earlier tests' toasts may still be on screen: match on both texts, never on the title alone.
 */
export function findToast(title: string, description?: string) {
  return waitFor(() => {
    const toast = Array.from(document.querySelectorAll<HTMLElement>("[data-sonner-toast]")).find(
      (element) =>
        within(element).queryByText(title) &&
        (!description || within(element).queryByText(description)),
    )
    if (!toast) throw new Error(`No toast "${title}"${description ? ` - "${description}"` : ""}`)
    return toast
  })
}

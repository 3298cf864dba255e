import { ApiError } from "../api-error"

/** Another company's glossary is as absent as one that never existed. */
export const noSuchGlossary = () =>
  new ApiError(404, "not_found", "No such glossary in your account.")

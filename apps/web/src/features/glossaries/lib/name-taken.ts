import { ApiError } from "@/lib/api-client"

/** The API's 409 for a name the company already uses (any case); its message names the name. */
export const isNameTaken = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === "glossary_name_taken"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `value` can be compared with a uuid column (anything else would be a 22P02 error). */
export const isUuid = (value: string) => UUID.test(value)

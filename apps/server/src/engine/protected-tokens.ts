export * from "@nativ/i18n-files/placeholders"

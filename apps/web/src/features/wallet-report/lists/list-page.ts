/** Entries per page of the report's lists ('Weitere anzeigen' adds the next page). */
export const LIST_PAGE = 100;

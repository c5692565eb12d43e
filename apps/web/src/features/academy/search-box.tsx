import { Search, X } from "lucide-react";
import { useTranslation } from "react-i18next";

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  matchCount: number;
}

/** The academy search field with a clear button and a live result count. */
export function SearchBox({ value, onChange, matchCount }: SearchBoxProps) {
  const { t } = useTranslation("academy");
  const active = value.trim().length > 0;
  return (
    <search className="block w-full sm:max-w-md">
      <label htmlFor="academy-search" className="sr-only">
        {t("search.label")}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-text-muted"
          aria-hidden="true"
        />
        <input
          id="academy-search"
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && value) {
              event.preventDefault();
              onChange("");
            }
          }}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          className="w-full rounded-lg border border-border bg-surface-raised py-2.5 pr-10 pl-10 text-text placeholder:text-text-muted [&::-webkit-search-cancel-button]:appearance-none"
        />
        {value ? (
          <button
            type="button"
            onClick={() => onChange("")}
            aria-label={t("search.clear")}
            title={t("search.clear")}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1.5 text-text-muted hover:bg-surface-sunken hover:text-text"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <p aria-live="polite" className="tabular mt-2 min-h-5 text-sm text-text-muted">
        {active ? t("search.results", { count: matchCount }) : ""}
      </p>
    </search>
  );
}

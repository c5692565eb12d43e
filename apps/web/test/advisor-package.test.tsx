/**
 * 'Paket für die Steuerberatung' on the report's result: shown beside the CSV and PDF buttons for a
 * stored report (none for a direct analysis, which has no id on the server), in both languages; its
 * download fetches GET /api/wallet-report/:id/package and saves the ZIP under the server's name.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadAdvisorPackage } from "../src/features/wallet-report/result/report-export.ts";
import { ReportActions } from "../src/features/wallet-report/result-view/report-actions.tsx";
import { sampleResult } from "./wallet-report-fixtures.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");

async function render(lang: "de" | "en", jobId: string | null): Promise<string> {
  const i18n = createInstance();
  const namespace = JSON.parse(readFileSync(join(LOCALES, lang, "wallet-report.json"), "utf8"));
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { "wallet-report": namespace } },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ReportActions result={sampleResult(5)} jobId={jobId} onNew={() => {}} />
    </I18nextProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the package for the tax advisor", () => {
  it("is offered for a stored report, in German and English", async () => {
    const de = await render("de", "job-1");
    expect(de).toContain("Paket für die Steuerberatung");
    expect(de).toContain('data-testid="advisor-package"');
    expect(await render("en", "job-1")).toContain("Package for your tax advisor");
    expect(await render("de", null)).not.toContain("advisor-package");
  });

  it("downloads the server's ZIP under the server's name", async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    const fetchMock = vi.fn(
      async () =>
        new Response(zip, {
          status: 200,
          headers: {
            "content-type": "application/zip",
            "content-disposition": 'attachment; filename="steuerberatung_all_2024_2025-03-01.zip"',
          },
        }),
    );
    const link = { href: "", download: "", rel: "", style: { display: "" }, click: vi.fn(), remove: vi.fn() };
    const saved: Blob[] = [];
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("document", { createElement: () => link, body: { append: vi.fn() } });
    vi.stubGlobal("window", { setTimeout: vi.fn() });
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:package";
    });

    await downloadAdvisorPackage("job-1");

    expect(fetchMock).toHaveBeenCalledWith(
      "/api/wallet-report/job-1/package",
      expect.objectContaining({ credentials: "same-origin" }),
    );
    expect(link.download).toBe("steuerberatung_all_2024_2025-03-01.zip");
    expect(link.href).toBe("blob:package");
    expect(link.click).toHaveBeenCalledOnce();
    expect(saved[0]?.type).toBe("application/zip");
    expect(new Uint8Array(await (saved[0] as Blob).arrayBuffer())).toEqual(zip);
  });

  it("fails with the server's answer when the report is not finished", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          { error: { code: "REPORT_NOT_READY", message: "The report is not finished yet." } },
          { status: 409 },
        ),
      ),
    );
    await expect(downloadAdvisorPackage("job-1")).rejects.toMatchObject({ status: 409 });
  });
});

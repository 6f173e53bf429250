"""Writes the demo documents (small, valid PDF, XLSX and DOCX files) into server/db/seed/files.
Run once with `python3 scripts/make-seed-files.py`; the output is committed."""
import os, zipfile

OUT = os.path.join(os.path.dirname(__file__), "..", "server", "db", "seed", "files")
os.makedirs(OUT, exist_ok=True)

def pdf(name, title, lines):
    esc = lambda s: s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    text = ["BT", "/F2 20 Tf", "72 760 Td", f"({esc(title)}) Tj", "/F1 11 Tf", "0 -30 Td"]
    for line in lines:
        text += [f"({esc(line)}) Tj", "0 -16 Td"]
    text.append("ET")
    stream = "\n".join(text).encode("latin-1")
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    open(os.path.join(OUT, name), "wb").write(bytes(out))

def xlsx(name, rows):
    def cell(ref, v):
        if isinstance(v, (int, float)):
            return f'<c r="{ref}"><v>{v}</v></c>'
        v = str(v).replace("&", "&amp;").replace("<", "&lt;")
        return f'<c r="{ref}" t="inlineStr"><is><t>{v}</t></is></c>'
    body = "".join(
        f'<row r="{r+1}">' + "".join(cell(f"{chr(65+c)}{r+1}", v) for c, v in enumerate(row)) + "</row>"
        for r, row in enumerate(rows))
    files = {
        "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
        "_rels/.rels": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Summary" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        "xl/worksheets/sheet1.xml": f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{body}</sheetData></worksheet>',
    }
    with zipfile.ZipFile(os.path.join(OUT, name), "w", zipfile.ZIP_DEFLATED) as z:
        for k, v in files.items():
            z.writestr(k, v)

def docx(name, title, paragraphs):
    esc = lambda s: s.replace("&", "&amp;").replace("<", "&lt;")
    ps = f'<w:p><w:r><w:rPr><w:b/><w:sz w:val="36"/></w:rPr><w:t>{esc(title)}</w:t></w:r></w:p>' + "".join(
        f"<w:p><w:r><w:t xml:space=\"preserve\">{esc(p)}</w:t></w:r></w:p>" for p in paragraphs)
    files = {
        "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        "_rels/.rels": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
        "word/document.xml": f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>{ps}</w:body></w:document>',
    }
    with zipfile.ZipFile(os.path.join(OUT, name), "w", zipfile.ZIP_DEFLATED) as z:
        for k, v in files.items():
            z.writestr(k, v)

pdf("corporate-profile-2026.pdf", "Meridian Crest Holdings - Corporate Profile 2026", [
    "A next-generation holding company investing across Africa and the Middle East.",
    "Sectors: logistics, transportation, energy, food security and finance.",
    "Headquarters: New Cairo, Egypt. Demo document - all figures are fictional."])
pdf("annual-report-2025.pdf", "Annual Report 2025", [
    "Net asset value grew 18% year on year (fictional demo figure).",
    "Two new platform investments and one partial exit completed.",
    "Confidential - for registered investors only."])
xlsx("q3-2026-financial-statements.xlsx", [
    ["Line item", "Q3 2025 (USD m)", "Q3 2026 (USD m)"],
    ["Revenue", 41.2, 48.9], ["EBITDA", 9.8, 12.1], ["Net income", 5.1, 6.7], ["Net asset value", 612, 701]])
xlsx("portfolio-performance-summary.xlsx", [
    ["Company", "Sector", "Year acquired", "Status", "MOIC"],
    ["BravoPay", "Technology", 2019, "Active", 2.4], ["Boost Freight", "Technology", 2020, "Active", 1.9],
    ["Axis Urban", "Real estate", 2017, "Partial Exit", 2.1], ["Kahwa Coffee Co.", "Food & beverage", 2018, "Active", 1.6],
    ["Delta Harvest Foods", "Food & beverage", 2016, "Full Exit", 3.2], ["Motorly", "Automotive", 2021, "Active", 1.4]])
docx("esg-policy.docx", "Environmental, Social and Governance Policy", [
    "Meridian Crest Holdings integrates ESG considerations into every investment decision.",
    "Portfolio companies report energy use, workforce and governance indicators annually."])
docx("shareholder-meeting-minutes-june-2026.docx", "Minutes of the Annual Shareholder Meeting - June 2026", [
    "The meeting approved the 2025 accounts and re-elected the board.",
    "Confidential - for registered investors only."])
print("files written to", os.path.abspath(OUT))

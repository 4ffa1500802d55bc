import Foundation
import RunStore

/// `datapackage.json`: a Frictionless Data Package (https://specs.frictionlessdata.io/data-package/) describing
/// every data file of a run: one resource per file, each table with a Table Schema (types, keys, descriptions), and
/// TMDB's attribution, as its terms ask.
package struct DataPackage: Encodable, Sendable {
    package struct Source: Encodable, Sendable {
        package var title: String
        package var path: String
    }

    package struct License: Encodable, Sendable {
        package var name: String
        package var title: String
        package var path: String
    }

    package struct Field: Encodable, Sendable {
        package var name: String
        package var type: String
        package var description: String
    }

    package struct ForeignKey: Encodable, Sendable {
        package struct Reference: Encodable, Sendable {
            package var resource: String
            package var fields: [String]
        }

        package var fields: [String]
        package var reference: Reference
    }

    package struct Schema: Encodable, Sendable {
        package var fields: [Field]
        package var primaryKey: [String]?
        package var foreignKeys: [ForeignKey]?
        /// An empty CSV field (or JSON null) is a missing value.
        package var missingValues = [""]
    }

    package struct Resource: Encodable, Sendable {
        package var name: String
        package var path: String
        package var profile: String
        /// `file` for a resource frictionless is to check by its size and hash alone (see ``readsAsTable(_:)``).
        package var type: String?
        package var format: String
        package var mediatype: String
        package var encoding = "utf-8"
        package var description: String
        package var bytes: Int
        package var hash: String
        package var schema: Schema?
    }

    /// Not a tabular package: the details answers are resources too, and not tables.
    package var profile = "data-package"
    package var name: String
    package var title: String
    package var description: String
    package var created: String
    package var sources: [Source]
    package var licenses: [License]
    package var resources: [Resource]

    /// What TMDB's terms ask every product that uses its API to say.
    package static let attribution = "This product uses the TMDB API but is not endorsed or certified by TMDB."

    /// The package of a run's tables.
    package init(manifest: Manifest, tables: [DescribedTable]) {
        name = Self.resourceName(manifest.job)
        title = "\(manifest.job): TMDB export of run \(manifest.runID)"
        description =
            "Exported by tmdb-export \(manifest.toolVersion) from The Movie Database (TMDB), run \(manifest.runID) "
            + "(\(manifest.startedAt) to \(manifest.finishedAt)), language \(manifest.language)"
            + (manifest.region.map { ", region \($0)" } ?? "") + ". " + Self.attribution
        created = manifest.finishedAt
        sources = [Source(title: "The Movie Database (TMDB) API", path: "https://www.themoviedb.org/")]
        licenses = [
            License(
                name: "TMDB-API-Terms", title: "TMDB API Terms of Use: " + Self.attribution,
                path: "https://www.themoviedb.org/api-terms-of-use")
        ]
        let names = Self.resourceNames(tables)
        resources = tables.map { table in
            // Each reference to the table of that name in the same format and folder, when the run has it.
            let foreignKeys = table.foreignKeys.compactMap { key -> ForeignKey? in
                let target = tables.first {
                    $0.name == key.table && $0.file.format == table.file.format
                        && Self.folder($0.file.path) == Self.folder(table.file.path) && Self.readsAsTable($0)
                }
                return target.map {
                    ForeignKey(
                        fields: key.fields,
                        reference: .init(resource: names[$0.file.path]!, fields: key.referencedFields))
                }
            }
            let tabular = table.columns != nil && Self.readsAsTable(table)
            return Resource(
                name: names[table.file.path]!, path: table.file.path,
                profile: tabular ? "tabular-data-resource" : "data-resource",
                type: Self.readsAsTable(table) ? nil : "file",
                format: table.isCSV ? "csv" : "ndjson", mediatype: table.isCSV ? "text/csv" : "application/x-ndjson",
                description: table.description + Self.shouldJoin(table), bytes: table.file.bytes,
                hash: "sha256:\(table.file.sha256)",
                schema: table.columns.flatMap { columns in
                    guard tabular else { return nil }
                    return
                        Schema(
                            fields: columns.map { Self.field($0, csv: table.isCSV) },
                            primaryKey: table.primaryKey.isEmpty ? nil : table.primaryKey,
                            foreignKeys: foreignKeys.isEmpty ? nil : foreignKeys)
                })
        }
    }

    /// The references a table should satisfy but does not declare, in words: ` keyword_id should join keywords.id
    /// (not declared …).`
    private static func shouldJoin(_ table: DescribedTable) -> String {
        table.shouldJoin.map { key in
            " \(key.fields.joined(separator: ", ")) should join \(key.table).\(key.referencedFields.joined(separator: ", "))"
                + " (\(DimensionDescription.notDeclared))."
        }.joined()
    }

    /// Whether a file can be described as a table: not an NDJSON file with no rows, which is empty, and which
    /// frictionless (5.x) cannot open as a table (`source-error`: its NDJSON reader asks an empty file for a first
    /// line). Such a file is described by its size and hash alone (`"type": "file"`), with no schema to check and no
    /// reference to it; its CSV twin keeps both, and DuckDB loads only the CSV.
    package static func readsAsTable(_ table: DescribedTable) -> Bool {
        table.isCSV || table.file.bytes > 0
    }

    /// The package as pretty, key-sorted JSON with a trailing newline.
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Frictionless types; a list is a string of `|`-joined values in CSV and an array in NDJSON.
    private static func field(_ column: CatalogueColumn, csv: Bool) -> Field {
        switch column.type {
        case .list where csv:
            Field(name: column.name, type: "string", description: column.description + " (values joined with |)")
        case .list: Field(name: column.name, type: "array", description: column.description)
        default: Field(name: column.name, type: column.type.rawValue, description: column.description)
        }
    }

    /// Resource names: lower-case, `-` for anything else; the file's folder and format keep them apart
    /// (`movies-csv`, `delta-movies-upserts-ndjson`).
    private static func resourceNames(_ tables: [DescribedTable]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: tables.map { ($0.file.path, resourceName($0.file.path)) })
    }

    package static func resourceName(_ text: String) -> String {
        String(
            text.lowercased().map { character -> Character in
                character.isASCII && (character.isLetter || character.isNumber) ? character : "-"
            })
    }

    private static func folder(_ path: String) -> String { (path as NSString).deletingLastPathComponent }
}

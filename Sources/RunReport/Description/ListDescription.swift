import Foundation
import RunStore

/// The files of a run's list requests as ``DescribedTable``s: each list's rows from its ``ListTable`` definition,
/// keyed by `id` (a list keeps an id once), its details keyed by `id` and referring to the list, and the list items
/// no request could read.
package enum ListDescription {
    package static func tables(_ manifest: Manifest, lists: [DescribedList]) -> [DescribedTable] {
        var tables: [DescribedTable] = []
        for (request, summary) in zip(lists, manifest.requests) {
            let list = ListTable.list(of: request.mediaType)
            for file in summary.files {
                let name = ((file.path as NSString).lastPathComponent as NSString).deletingPathExtension
                if name.hasSuffix("_details") {
                    tables.append(
                        DescribedTable(
                            name: name, file: file,
                            description: "The details of each movie of \(summary.endpoint) (pages \(summary.pages)), "
                                + "in the list's order.",
                            columns: ListTable.details.columns, primaryKey: ["id"],
                            foreignKeys: [.init(fields: ["id"], table: request.slug, referencedFields: ["id"])]))
                } else {
                    tables.append(
                        DescribedTable(
                            name: name, file: file,
                            description: "The items of \(summary.endpoint) (pages \(summary.pages)), by rank; an id "
                                + "once, at its best rank.",
                            columns: list.columns, primaryKey: ["id"]))
                }
            }
        }
        if let rejected = manifest.rejectedFile {
            tables.append(
                DescribedTable(
                    name: "rejected", file: rejected,
                    description: "List items that could not be read: the request, the page, why, and the item as "
                        + "received.",
                    columns: nil))
        }
        return tables
    }
}

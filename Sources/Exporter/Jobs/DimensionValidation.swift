import HTTPClient
import TMDBAPI

extension JobValidator {
    /// Checks a `"catalogue"` entry whose type is a dimension (`{"type": "keyword", "exportDate": "latest"}`): no
    /// key but `type` and `exportDate`, and each type once.
    mutating func validateDimension(
        _ type: DimensionType, _ members: [JSONValue.Member], prefix: String, line: Int?, index: Int,
        seen: inout [DimensionType: Int]
    ) -> Job.DimensionRequest? {
        func lineOf(_ key: String) -> Int? { members.first(where: { $0.key == key })?.line ?? line }
        let before = problems.count
        for member in members where !Job.DimensionRequest.keys.contains(member.key) {
            report(
                "\(prefix).\(SafeText.excerpt(member.key))",
                "not a key of a \(type.rawValue) table, which is read whole from TMDB's daily export (expected only: "
                    + "\(Job.DimensionRequest.keys.joined(separator: ", ")))",
                line: member.line)
        }
        if let first = seen[type] {
            report(
                prefix + ".type",
                "\"\(type.rawValue)\" is already exported by catalogue[\(first)] (expected each type at most once)",
                line: lineOf("type"))
        } else {
            seen[type] = index
        }
        let value = members.first(where: { $0.key == "exportDate" })?.value
        let exportDate = validateExportDate(value, prefix: prefix, line: lineOf("exportDate"))
        guard let exportDate, problems.count == before else { return nil }
        return Job.DimensionRequest(type: type, exportDate: exportDate)
    }
}

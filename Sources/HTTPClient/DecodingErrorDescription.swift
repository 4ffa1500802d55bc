/// Turns a `DecodingError` into one readable line with the coding path, e.g. `results[3].id: expected Int`.
public enum DecodingErrorDescription {
    /// A one-line description of any decoding error.
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(type), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
            return "\(path(context.codingPath)): \(context.debugDescription)\(underlying)"
        @unknown default:
            return "\(error)"
        }
    }

    /// A coding path as `a.b[2].c`, or `(top level)`.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? "(top level)" : text
    }
}

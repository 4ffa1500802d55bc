import TMDBAPI

/// Which day's ID export a job asks for: `"latest"` or `"YYYY-MM-DD"`.
public enum IDExportDate: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
    /// The newest published day; if its file is missing (404), the day before, said so.
    case latest
    /// That day exactly; a missing file is an error.
    case day(ExportDay)

    /// Parses `latest` or `YYYY-MM-DD`.
    public init?(_ text: String) {
        if text == "latest" {
            self = .latest
        } else if let day = ExportDay(text) {
            self = .day(day)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .latest: "latest"
        case .day(let day): day.description
        }
    }
}

// PLACEHOLDER until the id-exports branch lands.
public struct ExportDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public init?(parsing text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        (year, month, day) = (y, m, d)
    }
    public var description: String { "\(year)-\(month)-\(day)" }
    public static func < (a: ExportDay, b: ExportDay) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
}

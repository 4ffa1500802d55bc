import Foundation

/// How many times `needle` occurs in `text`.
public func occurrences(of needle: String, in text: some StringProtocol) -> Int {
    text.components(separatedBy: needle).count - 1
}

/// The time windows of `/3/trending/{movie|tv}/{rawValue}`.
enum SandboxTrendingWindow: String, CaseIterable, Sendable {
    /// Trending today.
    case day
    /// Trending this week.
    case week
}

/// Where ``SandboxFaultPlan/unsafePosterPaths`` puts the hostile poster paths: every one on page 1 of every list.
enum HostilePosterPlacement {
    /// The catalogue index that gets each hostile path, list after list, never replacing an index twice.
    /// - Parameter firstPages: catalogue indices of page 1 of each list, in list order.
    static func assignments(firstPages: [[Int]]) -> [(index: Int, path: String)] {
        var replaced = Set<Int>()
        var assignments: [(index: Int, path: String)] = []
        for firstPage in firstPages {
            // Odd positions first, so hostile and ordinary paths alternate on the page.
            var candidates = stride(from: 1, to: firstPage.count, by: 2).map { firstPage[$0] }
            candidates += stride(from: 0, to: firstPage.count, by: 2).map { firstPage[$0] }
            candidates.removeAll { replaced.contains($0) }
            for (path, index) in zip(ImagePath.hostile, candidates) {
                assignments.append((index, path))
                replaced.insert(index)
            }
        }
        return assignments
    }
}

import Foundation

/// A count axis from 0 to a round number at or above the largest value, ticked at a round step (1, 2 or 5 times a
/// power of ten) so that it has about four intervals.
package struct ChartScale: Sendable, Hashable {
    package let maximum: Int
    package let step: Int

    package init(largest: Int) {
        guard largest > 0 else {
            maximum = 1
            step = 1
            return
        }
        let rough = Double(largest) / 4
        let magnitude = pow(10, floor(log10(max(rough, 1))))
        let step = [1.0, 2, 5, 10].map { Int($0 * magnitude) }.first { Double($0) >= rough } ?? Int(10 * magnitude)
        self.step = max(step, 1)
        maximum = (largest + self.step - 1) / self.step * self.step
    }

    package var ticks: [Int] { Array(stride(from: 0, through: maximum, by: step)) }
}

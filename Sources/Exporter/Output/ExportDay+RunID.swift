import Foundation
import TMDBAPI

extension ExportDay {
    /// The UTC day a run id (`20261122T020000Z`, `…Z-2`) names: the day its run first started.
    init?(runID: String) {
        let digits = runID.prefix(8)
        guard digits.count == 8, digits.allSatisfy(\.isASCII), let number = Int(digits) else { return nil }
        self.init(year: number / 10_000, month: number / 100 % 100, day: number % 100)
    }

    /// The night a run is for when no `--date` says: the day of its id (a resumed run keeps the day it first
    /// started), else the UTC day it `started`.
    init(nightOf runID: String, started: Date) {
        self = ExportDay(runID: runID) ?? ExportDay(dayOf: started)
    }
}

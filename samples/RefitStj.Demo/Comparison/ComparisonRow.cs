namespace RefitStj.Demo.Comparison;

/// <summary>One scenario measured on both paths.</summary>
internal sealed record ComparisonRow(string Scenario, Measurement RefitStj, Measurement BuiltIn)
{
    public double SpeedRatio => RefitStj.CallsPerSecond / BuiltIn.CallsPerSecond;

    public double AllocationRatio => RefitStj.BytesPerCall / BuiltIn.BytesPerCall;
}

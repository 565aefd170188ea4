namespace RefitStj.Tests.Suites.Package;

/// <summary>
/// The members themselves are guarded at build time by PublicApiAnalyzers (src/RefitStj/PublicAPI/); this pins what
/// those files do not record.
/// </summary>
public sealed class PublicSurfaceTests
{
    [Fact]
    public void Every_Public_Class_Is_Sealed_Or_Static()
    {
        var open = typeof(StjContentSerializer).Assembly.GetExportedTypes()
            .Where(t => t.IsClass && !t.IsSealed && !t.IsAbstract)
            .Select(t => t.FullName)
            .ToList();

        Assert.Empty(open);
    }
}

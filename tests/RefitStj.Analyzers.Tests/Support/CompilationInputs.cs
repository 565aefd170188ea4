using System.Reflection;
using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Tests.Support;

/// <summary>
/// What the compilations under test are built from, as this project's build recorded it (compilation-inputs.txt):
/// System.Text.Json's source generator and the reference assemblies of .NET 10, Refit, Refit.HttpClientFactory, RefitStj
/// and Newtonsoft.Json (whose attributes RSTJ007 reads).
/// </summary>
internal static class CompilationInputs
{
    private static readonly Lazy<(Type Generator, MetadataReference[] References)> s_inputs = new(Load);

    public static Type JsonSourceGenerator => s_inputs.Value.Generator;

    public static IReadOnlyList<MetadataReference> References => s_inputs.Value.References;

    private static (Type, MetadataReference[]) Load()
    {
        var lines = File.ReadAllLines(Path.Combine(AppContext.BaseDirectory, "compilation-inputs.txt"))
            .Select(line => line.Split('|', 2))
            .ToList();
        var generatorPath = lines.Single(line => line[0] == "generator")[1];
        var generator = Assembly.LoadFrom(generatorPath).GetType("System.Text.Json.SourceGeneration.JsonSourceGenerator", throwOnError: true)!;
        var references = lines.Where(line => line[0] == "reference").Select(line => (MetadataReference)MetadataReference.CreateFromFile(line[1])).ToArray();
        return (generator, references);
    }
}

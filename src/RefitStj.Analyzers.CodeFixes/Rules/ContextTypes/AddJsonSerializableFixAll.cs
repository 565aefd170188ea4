using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using RefitStj.Analyzers.CodeFixes.Edits;
using RefitStj.Analyzers.CodeFixes.FixAll;
using RefitStj.Analyzers.Core.FixData;

namespace RefitStj.Analyzers.CodeFixes.Rules.ContextTypes;

/// <summary>
/// Fix-all for RSTJ001: every missing type of every context in scope, each declared once, in one edit per context
/// (Roslyn's batch fixer would drop all but one of several insertions at the same place), in type-name order; and every
/// missing <c>SseItemConverter&lt;T&gt;</c>, each listed once, merged into the context's converters in the same pass.
/// </summary>
internal sealed class AddJsonSerializableFixAll : FixAllProvider
{
    public static AddJsonSerializableFixAll Instance { get; } = new();

    private AddJsonSerializableFixAll()
    {
    }

    public override async Task<CodeAction?> GetFixAsync(FixAllContext fixAllContext)
    {
        if (await FixAllDiagnostics.InScopeAsync(fixAllContext).ConfigureAwait(false) is not { } diagnostics)
        {
            return null;
        }

        // One edit per context, its types in name order: the same lines whatever order the diagnostics come in.
        var edits = diagnostics
            .Where(d => ContextEdit.Of(d) is not null)
            .GroupBy(d => d.AdditionalLocations[0])
            .Select(context => new ContextEdit(
                context.Key,
                context.SelectMany(d => FixProperties.TypeNamesOf(d).Zip(ContextEdit.Of(d)!.TypeIds, (name, id) => (Name: name, Id: id)))
                    .OrderBy(type => type.Name, StringComparer.Ordinal)
                    .Select(type => type.Id)
                    .Distinct(StringComparer.Ordinal)
                    .ToList()))
            .ToList();

        // One options edit per context, its converters in name order, each once however many methods or calls need it.
        var converters = diagnostics
            .Where(d => OptionsEdit.ConverterOf(d) is not null)
            .GroupBy(d => d.AdditionalLocations[0])
            .Select(context => new OptionsEdit(
                context.Key,
                context.Any(FixProperties.ExtendsAttribute),
                [],
                context.OrderBy(FixProperties.ConverterNameOf, StringComparer.Ordinal)
                    .SelectMany(d => OptionsEdit.ConverterOf(d)!.ConverterIds)
                    .Distinct(StringComparer.Ordinal)
                    .ToList()))
            .ToList();
        return edits.Count == 0 && converters.Count == 0
            ? null
            : CodeAction.Create(
                "Add [JsonSerializable] and SseItemConverter<T> for every type the Refit interfaces need",
                cancellationToken => ContextAttributeWriter.EditAsync(fixAllContext.Solution, edits, converters, cancellationToken),
                fixAllContext.CodeActionEquivalenceKey);
    }
}

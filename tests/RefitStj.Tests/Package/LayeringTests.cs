using System.Text.RegularExpressions;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Package;

/// <summary>
/// The folders of src/RefitStj are layers that only call down. A folder may name the types of the folders its row lists
/// and of no other; the root files (the public facade, its exceptions and converters) are above every folder and not
/// checked, as in the repository's folder-cycles tool. Found the way that tool finds them: by declared type names.
/// </summary>
public sealed partial class LayeringTests
{
    // Json <- IO <- Limits <- Reading, Streaming <- root; Json <- Serialization <- Writing; Query on its own.
    private static readonly Dictionary<string, string[]> s_allowed = new()
    {
        ["Json"] = [],
        ["IO"] = [],
        ["Limits"] = ["IO"],
        ["Serialization"] = ["Json"],
        ["Query"] = [],
        ["Reading"] = ["Json", "IO", "Limits"],
        ["Writing"] = ["IO", "Serialization"],
        ["Streaming"] = ["Json", "IO", "Limits"],
    };

    [Fact]
    public void Folders_Use_Only_The_Layers_Below_Them()
    {
        var source = Path.Combine(Repository.Root, "src", "RefitStj");
        var folders = Directory.GetDirectories(source)
            .Select(Path.GetFileName)
            .Where(name => name is not ("bin" or "obj" or "PublicAPI"))
            .ToDictionary(
                name => name!,
                name => Directory.GetFiles(Path.Combine(source, name!), "*.cs", SearchOption.AllDirectories)
                    .Select(file => Comments().Replace(File.ReadAllText(file), string.Empty))
                    .ToList());
        Assert.Equal(s_allowed.Keys.Order(), folders.Keys.Order());

        var declaredIn = folders
            .SelectMany(folder => folder.Value.SelectMany(text => Declarations().Matches(text).Select(match => (Name: match.Groups[1].Value, Folder: folder.Key))))
            .ToDictionary(declaration => declaration.Name, declaration => declaration.Folder);
        var upward = folders
            .SelectMany(folder => folder.Value
                .SelectMany(text => Words().Matches(text).Select(match => match.Value))
                .Distinct()
                .Where(word => declaredIn.TryGetValue(word, out var owner) && owner != folder.Key && !s_allowed[folder.Key].Contains(owner))
                .Select(word => $"{folder.Key}/ uses {word} from {declaredIn[word]}/"))
            .Order()
            .ToList();

        Assert.Empty(upward);
    }

    [GeneratedRegex(@"//[^\n]*|/\*.*?\*/|""(?:\\.|[^""\\])*""", RegexOptions.Singleline)]
    private static partial Regex Comments();

    [GeneratedRegex(@"\b(?:class|struct|record|interface|enum)\s+([A-Z][A-Za-z0-9_]*)")]
    private static partial Regex Declarations();

    [GeneratedRegex(@"\b[A-Z][A-Za-z0-9_]*\b")]
    private static partial Regex Words();
}
